// A game without its own table: the view as text (still only what the seat may see).
import { h } from "../dom.js";

export default {
  render(ctx) { return h("pre", { class: "raw-view", text: JSON.stringify(ctx.view, null, 1) }); },
};
