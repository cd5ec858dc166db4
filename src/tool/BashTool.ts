import { Context, Effect, Layer } from "effect"
import { BashToolBuilder } from "./BashToolBuilder.js"
import { ToolLocale } from "./locale.js"
import type { Tool } from "./Tool.js"

/**
 * The BashTool service. `BashTool.builder()` configures one; `BashTool.layer(builder)` provides
 * it, taking the locale from `ToolLocale` unless the builder set one.
 */
export class BashTool extends Context.Tag("bashkit-effect/BashTool")<BashTool, Tool>() {
  static builder(): BashToolBuilder {
    return new BashToolBuilder()
  }

  /** `builder().build()`. */
  static default(): Tool {
    return new BashToolBuilder().build()
  }

  static layer(builder: BashToolBuilder = new BashToolBuilder()): Layer.Layer<BashTool> {
    return Layer.effect(
      BashTool,
      Effect.map(ToolLocale, (locale) => builder.buildWithLocale(locale))
    )
  }
}
