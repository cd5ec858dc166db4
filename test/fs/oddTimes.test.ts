import { describe, expect, it } from "vitest"
import { Bash } from "../../src/index.js"

/**
 * File times beyond JS Date's range and past what localtime represents. Expected outputs are GNU
 * touch/ls/stat/find/date on a filesystem that keeps 64-bit times (tmpfs); ext4 would clamp.
 */
describe("odd file times", () => {
  it("print as GNU prints them, never NaN or undefined", async () => {
    const script = `export TZ=UTC
touch -d @-99999999999999 f; ls -l f | cut -d' ' -f6-; ls -l --full-time f | cut -d' ' -f6-
touch -d @99999999999999 g; ls -l g | cut -d' ' -f6-
touch -d @67768036191676800 i; echo "status $?"; ls -l i | cut -d' ' -f6-
stat -c '%y|%Y' f g i
touch -d @99999999999999999999 j; echo "status $?"
date -r f; date -r i; echo "status $?"
find f g i -printf '%p %t\\n'
`
    const result = await new Bash().exec(script)
    expect(result.stdout).toBe(`Feb 24  -3166904 f
-3166904-02-24 14:13:21.000000000 +0000 f
Nov  7  3170843 g
status 0
67768036191676800 i
-3166904-02-24 14:13:21.000000000 +0000|-99999999999999
3170843-11-07 09:46:39.000000000 +0000|99999999999999
67768036191676800.000000000|67768036191676800
status 1
Mon Feb 24 14:13:21 UTC -3166904
status 1
f Mon Feb 24 14:13:21.0000000000 -3166904
g Sat Nov  7 09:46:39.0000000000 3170843
i 67768036191676800.0000000000
`)
    expect(result.stderr).toBe("touch: invalid date format '@99999999999999999999'\ndate: time '67768036191676800' is out of range\n")
  })
})
