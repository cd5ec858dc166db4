// Entry of a bench worker thread (see pool.ts). On Node 20 a worker does not pick up the
// parent's `--import tsx` for its own entry file, so this plain-JS file registers tsx's loader
// in the worker and then loads the TypeScript worker module.
import { register } from "tsx/esm/api"

register()
await import(new URL("./worker.ts", import.meta.url).href)
