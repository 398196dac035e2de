/**
 * The dhtmlx-gantt baseline: the MIT edition configured as a read-only roadmap (year + month scales,
 * 180 px months, one 320 px grid column with title and dates, smart rendering on, no links), every
 * row parsed in the page.
 *
 * `window.__bench`: firstBarsAt / allLoadedAt (performance.now() just after the first frame with bars)
 * and setZoomEnabled(on): a ctrl+wheel handler written for the bench, which changes
 * config.min_column_width and calls gantt.render() once per frame, keeping the day under the pointer.
 */
(() => {
  const data = window.__benchData;
  const gantt = window.gantt;
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const GRID = 320;
  const bench = { firstBarsAt: -1, allLoadedAt: -1, setZoomEnabled: () => {} };
  window.__bench = bench;

  const day = (date) =>
    new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const format = (date) =>
    `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

  let col = 180;
  const config = gantt.config;
  config.readonly = true;
  config.smart_rendering = true;
  config.show_links = false;
  config.show_progress = true;
  config.date_format = '%Y-%m-%d';
  config.start_date = day(data.rangeStart);
  config.end_date = day(data.rangeEnd);
  config.fit_tasks = false;
  config.scales = [
    { unit: 'year', step: 1, format: '%Y' },
    { unit: 'month', step: 1, format: '%M' },
  ];
  config.min_column_width = col;
  config.scale_height = 56;
  config.row_height = 48;
  config.bar_height = 24;
  config.grid_width = GRID;
  config.columns = [
    {
      name: 'text',
      label: 'Epics',
      tree: true,
      width: GRID,
      template: (task) =>
        `<div class="rm-title">${escapeHtml(task.text)}</div><div class="rm-meta">${task.group} · ${task.dates}</div>`,
    },
  ];
  gantt.templates.task_class = (_start, _end, task) => (task.undated ? 'rm-undated' : '');
  gantt.templates.task_text = (_start, _end, task) => escapeHtml(task.text);

  const tasks = data.epics.map((epic) => ({
    id: epic.id,
    text: epic.title,
    start_date: epic.start ?? data.rangeStart,
    end_date: epic.end ?? data.rangeEnd,
    progress: epic.progress / 100,
    color: epic.color,
    undated: epic.end === null,
    group: epic.group,
    dates: `${epic.start === null ? 'No start date' : format(epic.start)} – ${epic.end === null ? 'No due date' : format(epic.end)}`,
  }));
  gantt.init('gantt');
  gantt.parse({ data: tasks, links: [] });
  // Today in the middle of the timeline, as on the dom page (gantt.showDate would put it near the left).
  const timelineWidth = document.querySelector('#gantt .gantt_task').clientWidth;
  gantt.scrollTo(Math.max(0, Math.round(gantt.posFromDate(day(data.today)) - timelineWidth / 2)), null);

  // Rows and bars come from the same render; with smart rendering only the bars in view exist, maybe none.
  const frame = () => {
    if (!document.querySelector('#gantt .gantt_row')) {
      requestAnimationFrame(frame);
      return;
    }
    window.__probe.afterPaint().then((time) => {
      bench.firstBarsAt = time;
      bench.allLoadedAt = time;
    });
  };
  frame();

  let pending = null;
  const container = document.getElementById('gantt');
  const applyZoom = () => {
    const { factor, x } = pending;
    pending = null;
    const next = Math.round(Math.min(900, Math.max(30, col * factor)));
    const pointer = x - container.getBoundingClientRect().left - GRID;
    const anchor = gantt.getScrollState().x + pointer;
    const ratio = next / col;
    col = next;
    config.min_column_width = col;
    gantt.render();
    gantt.scrollTo(Math.round(anchor * ratio - pointer), null);
  };
  const onWheel = (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    event.stopPropagation();
    if (!pending) {
      pending = { factor: 1, x: event.clientX };
      requestAnimationFrame(applyZoom);
    }
    pending.factor *= Math.exp(-event.deltaY * 0.002);
    pending.x = event.clientX;
  };
  bench.setZoomEnabled = (on) => {
    if (on) container.addEventListener('wheel', onWheel, { capture: true, passive: false });
    else container.removeEventListener('wheel', onWheel, { capture: true });
  };
})();
