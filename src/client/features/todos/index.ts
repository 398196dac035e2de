export { TodosPage } from './TodosPage.tsx';
