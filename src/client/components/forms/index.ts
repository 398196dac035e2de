/** Labelled form fields: text, choice, or any control in a labelled frame. */
export { Field, SelectField, TextField } from './FormFields.tsx';
