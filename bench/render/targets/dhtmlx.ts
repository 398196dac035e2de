/** Target `dhtmlx`: dhtmlx-gantt (MIT edition) configured as a read-only roadmap (pages/dhtmlx.js). */
import { baselineTarget } from './baseline.ts';

export const dhtmlxTarget = baselineTarget(
  'dhtmlx',
  '#gantt .gantt_task',
  'dhtmlx: bench ctrl+wheel handler sets config.min_column_width and calls gantt.render() once per frame',
  'window.gantt.getTaskCount()',
);
