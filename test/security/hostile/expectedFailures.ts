/**
 * Attacks known to fail today, each with the reason and the part of issue 17 that owns the fix.
 * The suite checks the list both ways: an attack listed here that now ends safely fails the suite
 * with "remove it from the list", so the list only shrinks.
 *
 * Owners: `engines` (sed, awk, bc), `regex`, `glob`, `stream` (streaming filters, devices),
 * `tools` (sort, shuf, split, xxd, archives, jq, yq, dates), `fslimits` (filesystem limits on
 * every layer), `shellside` (parser, expansion, memory of shell state), `unowned` (no part has it).
 */
export type Owner = "engines" | "regex" | "glob" | "stream" | "tools" | "fslimits" | "shellside" | "unowned"

export interface ExpectedFailure {
  readonly owner: Owner
  readonly reason: string
}

export const expectedFailures: Readonly<Record<string, ExpectedFailure>> = {}
