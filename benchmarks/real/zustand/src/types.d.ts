declare interface ImportMeta {
  env?: {
    MODE: string
  }
}
