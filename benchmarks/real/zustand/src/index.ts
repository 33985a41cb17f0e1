export * from './vanilla.ts'
export * from './react.ts'
