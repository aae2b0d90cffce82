export { compileRules, fillTemplate, type CompiledRules, type ValidationResult } from './compile';
export { cellText } from './cell-text';
