/**
 * Injected into every benchmarked page before its own scripts (page.addInitScript): a long-task log
 * from the start, a requestAnimationFrame recorder the harness switches on around scroll and zoom,
 * and `afterPaint()`, which resolves with performance.now() just after the next frame is produced
 * (a rAF, then a task queued from it: the rendering steps of that frame have run by then).
 */
(() => {
  if (window.top !== window) return;
  const probe = {
    /** Long tasks (> 50 ms) since the document started: [startTime, duration]. */
    longTasks: [],
    frames: [],
    recording: false,
    windowStart: 0,
    startFrames() {
      probe.frames = [];
      probe.recording = true;
      probe.windowStart = performance.now();
      const tick = (time) => {
        if (!probe.recording) return;
        probe.frames.push(time);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    /** Stops the recorder: frame timestamps and the long tasks that overlapped the recording. */
    stopFrames() {
      probe.recording = false;
      const end = performance.now();
      const longTasks = probe.longTasks.filter(
        ([start, duration]) => start < end && start + duration > probe.windowStart,
      );
      return { frames: probe.frames, longTasks, ms: end - probe.windowStart };
    },
    afterPaint() {
      return new Promise((resolve) => {
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(null);
        });
      });
    },
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing in this browser: the counts stay at zero.
  }
  window.__probe = probe;
})();
