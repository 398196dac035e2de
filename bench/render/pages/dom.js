/**
 * The plain DOM baseline, like GitLab's roadmap: every epic is a row element (a 320 px sticky details
 * cell with title and dates, and a timeline with one cell per month and an absolutely positioned bar),
 * all rows in the document, scrolled natively. Bars are placed in month units times the `--col` CSS
 * variable, so a zoom is one custom-property change and a re-layout.
 *
 * `window.__bench`: firstBarsAt / allLoadedAt (performance.now() just after the first frame with bars)
 * and setZoomEnabled(on), which attaches the bench's ctrl+wheel zoom (GitLab has none) only for the
 * zoom phase, so that the scroll phases keep native, non-blocking wheel scrolling.
 */
(() => {
  const data = window.__benchData;
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const DETAILS = 320;
  const root = document.getElementById('roadmap');
  const first = data.months[0];
  const firstKey = first.year * 12 + first.month - 1;
  const count = data.months.length;
  const bench = { firstBarsAt: -1, allLoadedAt: -1, setZoomEnabled: () => {} };
  window.__bench = bench;

  const daysIn = (year, month) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const parts = (date) => [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  /** Months from the timeframe's start to a day, fractional, clamped to the timeframe. */
  const offsetOf = (date) => {
    const [year, month, day] = parts(date);
    const months = year * 12 + month - 1 - firstKey + (day - 1) / daysIn(year, month);
    return Math.min(count, Math.max(0, months));
  };
  const format = (date) => {
    const [year, month, day] = parts(date);
    return `${MONTHS[month - 1]} ${day}, ${year}`;
  };
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const [todayYear, todayMonth] = parts(data.today);
  const currentColumn = todayYear * 12 + todayMonth - 1 - firstKey;

  let cells = '';
  for (let i = 0; i < count; i += 1)
    cells += `<div class="rm-cell${i === currentColumn ? ' current' : ''}"></div>`;
  const html = [];
  html.push('<div class="rm-header"><div class="rm-corner">Epics</div>');
  for (const { year, month } of data.months) {
    html.push(`<div class="rm-month"><b>${year}</b>${MONTHS[month - 1]}</div>`);
  }
  html.push('</div>');
  for (const epic of data.epics) {
    const start = epic.start === null ? 0 : offsetOf(epic.start);
    const end = epic.end === null ? count : offsetOf(epic.end);
    const dates = `${epic.start === null ? 'No start date' : format(epic.start)} – ${epic.end === null ? 'No due date' : format(epic.end)}`;
    const title = escapeHtml(epic.title);
    html.push(
      '<div class="rm-row"><div class="rm-details">',
      `<a class="rm-title" href="#epic-${epic.id}">${title}</a>`,
      `<div class="rm-meta">${epic.group} · ${dates}</div></div>`,
      `<div class="rm-timeline">${cells}`,
      `<div class="rm-bar${epic.end === null ? ' undated' : ''}" style="--s:${start.toFixed(4)};`,
      `--d:${Math.max(0.03, end - start).toFixed(4)};background:${epic.color}">`,
      `<div class="rm-progress" style="width:${epic.progress}%"></div>`,
      `<span class="rm-label">${title}</span></div></div></div>`,
    );
  }
  html.push('<div class="rm-today"></div>');
  root.style.setProperty('--months', String(count));
  root.style.setProperty('--today', offsetOf(data.today).toFixed(4));
  root.innerHTML = html.join('');
  const today = root.querySelector('.rm-today');
  today.style.height = `${root.scrollHeight}px`;

  let col = 180;
  root.scrollLeft = offsetOf(data.today) * col - (root.clientWidth - DETAILS) / 2;

  const frame = () => {
    if (!root.querySelector('.rm-bar')) {
      requestAnimationFrame(frame);
      return;
    }
    window.__probe.afterPaint().then((time) => {
      bench.firstBarsAt = time;
      bench.allLoadedAt = time;
    });
  };
  frame();

  // The bench's zoom: ctrl+wheel scales the month width, once per frame, keeping the day under the pointer.
  let pending = null;
  const applyZoom = () => {
    const { factor, x } = pending;
    pending = null;
    const next = Math.min(900, Math.max(30, col * factor));
    const pointer = x - root.getBoundingClientRect().left - DETAILS;
    const anchor = root.scrollLeft + pointer;
    const ratio = next / col;
    col = next;
    root.style.setProperty('--col', `${col}px`);
    root.scrollLeft = anchor * ratio - pointer;
  };
  const onWheel = (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    if (!pending) {
      pending = { factor: 1, x: event.clientX };
      requestAnimationFrame(applyZoom);
    }
    pending.factor *= Math.exp(-event.deltaY * 0.002);
    pending.x = event.clientX;
  };
  bench.setZoomEnabled = (on) => {
    if (on) root.addEventListener('wheel', onWheel, { passive: false });
    else root.removeEventListener('wheel', onWheel);
  };
})();
