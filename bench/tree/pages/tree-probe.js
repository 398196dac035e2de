/**
 * Init script of bench/tree, in both targets (after bench/render/pages/probe.js, whose
 * `window.__probe` it uses). `window.__treeBench`:
 *
 *   firstRowsAt   performance.now() (ms since navigation start) just after the first frame (a rAF,
 *                 then a task) that shows tree rows: a [data-testid="tree-row"] is in the document
 *                 and, on the app's page, the tree canvas (.tree-canvas-element) has been drawn on
 *                 since that row was inserted (a 2D or WebGL draw call on it). -1 until then.
 *   scrollOver(from, to, ms)   scrolls the tree's scroller from scrollTop `from` to `to` at a steady
 *                 rate (scrollTop set once per frame from the frame's time) and resolves with the
 *                 frame timestamps and long tasks recorded from its first to its last frame, and how
 *                 many of its frames started without the row at the top of the view in the document.
 *   watchExpand() arms `expand`: { clickAt: the click's event time on a [data-testid="tree-toggle"],
 *                 doneAt: just after the first frame with a child row ([aria-level="2"]) }.
 *   loadAll(expected)  ('Show more' on the app's page) clicks the root's 'Show more' until the tree
 *                 has `expected` rows; resolves with each click's time to the next page's rows, ms.
 */
(() => {
  if (window.top !== window) return;
  const ROW = '[data-testid="tree-row"]';
  const onAppPage = location.pathname.includes('/-/epics/');
  const bench = { firstRowsAt: -1, rowsInDocumentAt: -1, expand: null };
  window.__treeBench = bench;

  /** Resolves on the first frame at which test() is truthy (checked once per frame), or null after ms. */
  const until = (test, ms) =>
    new Promise((resolve) => {
      const deadline = performance.now() + ms;
      const tick = () => {
        const value = test();
        if (value) resolve(value);
        else if (performance.now() > deadline) resolve(null);
        else requestAnimationFrame(tick);
      };
      tick();
    });

  // First rows. The app draws the rows' visuals on a canvas after the overlay's rows are committed
  // (the snapshot's draw is a frame callback, React's commit a microtask): wait for both.
  let rowsSeen = false;
  let canvasDrawn = !onAppPage;
  let settling = false;
  const restore = [];
  const settle = () => {
    if (!rowsSeen || !canvasDrawn || settling) return;
    settling = true;
    for (const undo of restore) undo();
    window.__probe.afterPaint().then((time) => {
      bench.firstRowsAt = time;
    });
  };
  if (onAppPage) {
    const drawing = {
      CanvasRenderingContext2D: ['drawImage', 'fill', 'fillRect', 'fillText', 'stroke'],
      WebGLRenderingContext: ['drawArrays', 'drawElements'],
      WebGL2RenderingContext: ['drawArrays', 'drawElements', 'drawElementsInstanced', 'drawArraysInstanced'],
    };
    for (const [type, names] of Object.entries(drawing)) {
      const prototype = window[type]?.prototype;
      if (!prototype) continue;
      for (const name of names) {
        const native = prototype[name];
        if (typeof native !== 'function') continue;
        prototype[name] = function (...args) {
          if (rowsSeen && !canvasDrawn && this.canvas?.classList?.contains('tree-canvas-element')) {
            canvasDrawn = true;
            settle();
          }
          return native.apply(this, args);
        };
        restore.push(() => {
          prototype[name] = native;
        });
      }
    }
  }
  const rowsObserver = new MutationObserver(() => {
    if (rowsSeen || !document.querySelector(ROW)) return;
    rowsSeen = true;
    bench.rowsInDocumentAt = performance.now();
    rowsObserver.disconnect();
    settle();
  });
  rowsObserver.observe(document, { childList: true, subtree: true });

  const scroller = () => document.querySelector('[data-testid="tree-scroller"]');

  bench.scrollOver = async (from, to, ms) => {
    const element = scroller();
    const grid = document.querySelector('[data-testid="tree-grid"]');
    const rowHeight = grid.offsetHeight / Number(grid.getAttribute('aria-rowcount'));
    element.scrollTop = from;
    await window.__probe.afterPaint();
    await window.__probe.afterPaint();
    window.__probe.startFrames();
    let steps = 0;
    let topRowMissing = 0;
    await new Promise((resolve) => {
      let start = -1;
      const step = (now) => {
        if (start < 0) start = now;
        else {
          // What the previous frame left: is the row at the top of the view in the document yet?
          steps += 1;
          const top = Math.floor(element.scrollTop / rowHeight);
          if (!element.querySelector(`${ROW}[data-row="${top}"]`)) topRowMissing += 1;
        }
        const done = Math.min(1, (now - start) / ms);
        element.scrollTop = from + (to - from) * done;
        if (done < 1) requestAnimationFrame(step);
        else resolve();
      };
      requestAnimationFrame(step);
    });
    await window.__probe.afterPaint();
    const { frames, longTasks } = window.__probe.stopFrames();
    return { frames, longTasks, steps, topRowMissing };
  };

  bench.watchExpand = () => {
    const element = scroller();
    const expand = { clickAt: -1, doneAt: -1 };
    bench.expand = expand;
    const onClick = (event) => {
      if (expand.clickAt < 0 && event.target.closest?.('[data-testid="tree-toggle"]')) {
        expand.clickAt = event.timeStamp;
      }
    };
    document.addEventListener('click', onClick, true);
    const observer = new MutationObserver(() => {
      if (expand.clickAt < 0 || !element.querySelector(`${ROW}[aria-level="2"]`)) return;
      observer.disconnect();
      document.removeEventListener('click', onClick, true);
      window.__probe.afterPaint().then((time) => {
        expand.doneAt = time;
      });
    });
    observer.observe(element, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-level'],
    });
  };

  bench.loadAll = async (expected) => {
    const element = scroller();
    const grid = document.querySelector('[data-testid="tree-grid"]');
    const card = document.querySelector('[data-testid="epic-tree-card"]');
    const rowCount = () => Number(grid.getAttribute('aria-rowcount'));
    const times = [];
    while (rowCount() < expected) {
      element.scrollTop = element.scrollHeight;
      const button = await until(() => {
        const found = document.querySelector('[data-testid="tree-show-more"]');
        return found && !found.disabled && card.dataset.idle === 'true' ? found : null;
      }, 30_000);
      if (!button) throw new Error(`no 'Show more' at ${rowCount()} of ${expected} rows`);
      const before = rowCount();
      const clicked = performance.now();
      button.click();
      const grew = await until(() => rowCount() !== before && card.dataset.idle === 'true', 60_000);
      if (!grew) throw new Error(`'Show more' at ${before} rows loaded nothing in 60 s`);
      times.push((await window.__probe.afterPaint()) - clicked);
    }
    return times;
  };
})();
