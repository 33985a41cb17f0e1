export { shallow } from './vanilla/shallow.ts'
export { useShallow } from './react/shallow.ts'
