/** Labelled form fields: text, choice, or any control in a labelled frame; the registration form. */

export { Field, SelectField, TextField } from './FormFields.tsx';
export { parseFieldErrors } from './fieldErrors.ts';
export { SignUpForm, type SignUpFormProps } from './SignUpForm.tsx';
