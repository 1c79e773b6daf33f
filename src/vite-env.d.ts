/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_INSPECT?: string
}
