import type { Attack } from "../types.js"
import { commandAttacks } from "./commands.js"
import { hostAttacks } from "./host.js"
import { ioAttacks } from "./io.js"
import { matchingAttacks } from "./matching.js"
import { shellAttacks } from "./shell.js"

/** Every hostile script of the suite (issue 17), by id. */
export const catalogue: ReadonlyArray<Attack> = [...commandAttacks, ...matchingAttacks, ...shellAttacks, ...ioAttacks, ...hostAttacks]

export const attackById = (id: string): Attack => {
  const attack = catalogue.find((a) => a.id === id)
  if (attack === undefined) throw new Error(`no attack ${id} in the catalogue`)
  return attack
}
