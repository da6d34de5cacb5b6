// Moved to components/ui so every feature's forms share it (issue 13).
export { FormNumberInput } from '../../../components/ui/form-number-input';
