export { redux } from './middleware/redux.ts'
export {
  devtools,
  type DevtoolsOptions,
  type NamedSet,
} from './middleware/devtools.ts'
export { subscribeWithSelector } from './middleware/subscribeWithSelector.ts'
export { combine } from './middleware/combine.ts'
export {
  persist,
  createJSONStorage,
  type StateStorage,
  type StorageValue,
  type PersistStorage,
  type PersistOptions,
} from './middleware/persist.ts'
export { ssrSafe as unstable_ssrSafe } from './middleware/ssrSafe.ts'
