export { type WindowedRow, WindowedTableBody } from './WindowedTableBody.tsx';
