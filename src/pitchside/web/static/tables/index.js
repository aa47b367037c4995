// The table module of each game: render(ctx), label/group/cardOf of an action, score, event words.
import sonicCup from "./sonic_cup.js";
import worldBall from "./world_ball.js";
import myWorldCup from "./my_world_cup.js";
import generic from "./generic.js";

const TABLES = { "sonic-cup": sonicCup, "world-ball": worldBall, "my-world-cup": myWorldCup };

export function tableFor(game) {
  return TABLES[game] || generic;
}
