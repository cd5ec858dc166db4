// The process /bin/bash is started from when runners are isolated (see bashProcess.ts). Forking
// copies the parent's page tables, so a spawn from the coordinator, which holds four runners'
// heaps, takes several times longer than bash itself needs; this plain-JS process (no tsx, no
// libraries) stays small. It times each spawn itself, so the message round trip is not counted.
import { spawnSync } from "node:child_process"

process.on("message", (request) => {
  const { id, file, args, options } = request
  const start = performance.now()
  const r = spawnSync(file, args, options)
  const ms = performance.now() - start
  process.send(
    r.error !== undefined
      ? { id, ms, stdout: "", exitCode: -1, error: r.error.message }
      : { id, ms, stdout: r.stdout, exitCode: r.status ?? 128 + 9 }
  )
})
