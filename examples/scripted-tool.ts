/**
 * ScriptedTool demo: an e-commerce API as four tool commands (get_user, list_orders,
 * get_inventory, create_discount), composed by ONE bash script with pipes, jq, loops and
 * branches — one model call instead of a round-trip per tool.
 *
 * Run: npx tsx examples/scripted-tool.ts
 */
import { Effect } from "effect"
import { ScriptedTool, ToolDef } from "../src/scripted/index.js"

const users: Record<number, { id: number; name: string; tier: string }> = {
  1: { id: 1, name: "Ada", tier: "gold" },
  2: { id: 2, name: "Grace", tier: "silver" }
}
const orders: Record<number, Array<{ id: string; sku: string; total: number }>> = {
  1: [
    { id: "o-1", sku: "kbd-01", total: 120 },
    { id: "o-2", sku: "mouse-7", total: 45 }
  ],
  2: [{ id: "o-3", sku: "kbd-01", total: 120 }]
}
const stock: Record<string, number> = { "kbd-01": 3, "mouse-7": 0 }

const tool = ScriptedTool.builder("ecommerce_api")
  .shortDescription("User, order, and inventory tools")
  .toolFn(
    ToolDef.make("get_user", "Fetch user by ID")
      .withSchema({ type: "object", properties: { id: { type: "integer", description: "User ID" } }, required: ["id"] })
      .withCategory("users")
      .withTags(["read"]),
    (args) => {
      const user = users[args.int("id") ?? -1]
      if (user === undefined) throw new Error("user not found")
      return `${JSON.stringify(user)}\n`
    }
  )
  .asyncToolFn(
    ToolDef.make("list_orders", "List a user's orders")
      .withSchema({ type: "object", properties: { user_id: { type: "integer" } }, required: ["user_id"] })
      .withCategory("orders")
      .withTags(["read"]),
    async (args) => `${JSON.stringify(orders[args.int("user_id") ?? -1] ?? [])}\n`
  )
  .toolFn(
    ToolDef.make("get_inventory", "Stock level of a SKU")
      .withSchema({ type: "object", properties: { sku: { type: "string" } }, required: ["sku"] })
      .withCategory("inventory")
      .withTags(["read"]),
    (args) => `${JSON.stringify({ sku: args.string("sku"), in_stock: stock[args.string("sku") ?? ""] ?? 0 })}\n`
  )
  .toolFn(
    ToolDef.make("create_discount", "Create a discount code for a user")
      .withSchema({
        type: "object",
        properties: { user_id: { type: "integer" }, pct: { type: "integer", minimum: 1, maximum: 50 } },
        required: ["user_id", "pct"],
        additionalProperties: false
      })
      .withCategory("orders")
      .withTags(["write"]),
    (args) => Effect.succeed(`${JSON.stringify({ code: `SAVE${args.int("pct")}-${args.int("user_id")}` })}\n`)
  )
  .build()

// What a model would send: one script that fetches, filters, loops and branches.
const script = `
for uid in 1 2; do
  name=$(get_user --id "$uid" | jq -r '.name')
  tier=$(get_user --id "$uid" | jq -r '.tier')
  spent=$(list_orders --user_id "$uid" | jq '[.[].total] | add')
  for sku in $(list_orders --user_id "$uid" | jq -r '.[].sku' | sort -u); do
    if [ "$(get_inventory --sku "$sku" | jq .in_stock)" -eq 0 ]; then
      echo "$name: $sku is out of stock"
    fi
  done
  if [[ $tier == gold && $spent -gt 100 ]]; then
    echo "$name spent $spent: $(create_discount --user_id "$uid" --pct 10 | jq -r .code)"
  else
    echo "$name spent $spent: no discount"
  fi
done
get_user --id 99 || echo "lookup failed (rc=$?)"
`

const program = Effect.gen(function* () {
  console.log(tool.systemPrompt(), "\n")
  const execution = yield* tool.execution({ commands: script })
  const output = yield* execution.execute()
  console.log(JSON.stringify(output.result, null, 2))
  console.log("trace:", tool.takeLastExecutionTrace()?.invocations.map((i) => `${i.name}(${i.exitCode})`).join(" "))
  const discovered = yield* Effect.flatMap(tool.execution({ commands: "discover --categories; help create_discount" }), (e) => e.execute())
  console.log(discovered.result.stdout)
})

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
