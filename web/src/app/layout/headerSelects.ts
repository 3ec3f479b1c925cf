// The header's two antd Selects, one chunk loaded when a header shows one of them: antd's
// Select (with its virtual list) is the largest piece of the shell, and a customer of one
// company sees neither.
export { CategorySwitcher } from './CategorySwitcher';
export { CompanySwitcher } from './CompanySwitcher';
