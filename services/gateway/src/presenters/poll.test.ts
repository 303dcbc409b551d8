import assert from "node:assert/strict";
import type { Poll } from "@starling/proto/statuses/v1/polls";
import { presentPoll } from "./poll.ts";

const poll = (overrides: Partial<Poll> = {}): Poll => ({
  id: "7",
  statusId: "100",
  expiresAt: new Date("2024-05-01T13:00:00Z"),
  expired: false,
  multiple: true,
  votesCount: 3,
  votersCount: 2,
  options: [
    { title: "tea", votesCount: 1 },
    { title: "coffee", votesCount: 2 },
  ],
  voted: true,
  ownVotes: [0, 1],
  ...overrides,
});

describe("poll presenter", () => {
  it("renders Mastodon's Poll with numbers, ISO dates and the viewer's votes for a signed-in viewer", () => {
    assert.deepEqual(presentPoll({ viewer: { accountId: "2", scopes: ["read"] } as never }, poll()), {
      id: "7",
      expires_at: "2024-05-01T13:00:00.000Z",
      expired: false,
      multiple: true,
      votes_count: 3,
      voters_count: 2,
      options: [
        { title: "tea", votes_count: 1 },
        { title: "coffee", votes_count: 2 },
      ],
      emojis: [],
      voted: true,
      own_votes: [0, 1],
    });
  });

  it("renders hidden option totals as null and leaves viewer fields out for anonymous viewers", () => {
    const json = presentPoll({ viewer: undefined }, poll({ options: [{ title: "tea" }, { title: "coffee" }], voted: false, ownVotes: [] }));
    assert.deepEqual(json.options, [
      { title: "tea", votes_count: null },
      { title: "coffee", votes_count: null },
    ]);
    assert.equal("voted" in json || "own_votes" in json, false);
  });
});
