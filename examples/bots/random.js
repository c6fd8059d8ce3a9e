#!/usr/bin/env node
// A random bot for bgkit in JavaScript (Node.js, no packages), speaking the bot protocol
// (docs/bot-protocol.md):
//
//     bgkit play goofspiel 'exec:node examples/bots/random.js' greedy
//
// One JSON message a line on stdin, one answer a line on stdout: the hello, then at each decision
// a uniformly random legal action, drawn from the seed the game's start gives it (so a game
// replays exactly). It offers to play many games in one process ("reuse"). Debug output goes to
// stderr: anything on stdout that is not a message is a fault.
"use strict";

const readline = require("readline");

// mulberry32: a small seeded generator (the seed is a whole number below 2^53).
function generator(seed) {
  let a = (seed % 4294967296) ^ Math.floor(seed / 4294967296);
  return function () {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

let random = generator(0);
const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      send({ type: "hello", protocol: 1, name: "random.js", reuse: true });
      break;
    case "start":
      random = generator(message.seed);
      break;
    case "decide":
      send({ type: "action", index: Math.floor(random() * message.actions.length) });
      break;
    case "error":
      console.error(`random.js: bgkit says: ${message.message}`);
      break;
    // "end": nothing to do; another "start" may follow
  }
});
// At end of input readline closes and Node exits by itself.
