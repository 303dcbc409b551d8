import assert from "node:assert/strict";
import { z } from "zod";
import { boolParam, choiceParam, idParam, inputErrorStatus, pageParams, textParam } from "./params.ts";

describe("request parameters", () => {
  it("read booleans as forms, JSON and query strings send them", () => {
    for (const yes of ["true", "1", "on", true]) assert.equal(boolParam.parse(yes), true, String(yes));
    for (const no of ["false", "0", "off", "", false]) assert.equal(boolParam.parse(no), false, String(no));
    for (const bad of ["yes", "TRUE", 1, null]) assert.equal(boolParam.safeParse(bad).success, false, String(bad));
  });

  it("take ids only as strings of digits", () => {
    assert.equal(idParam.parse("109876543210987654"), "109876543210987654");
    for (const bad of ["12a", "-1", "", " 1", "1.5", "1".repeat(21)]) assert.equal(idParam.safeParse(bad).success, false, bad);
  });

  it("take ids only within the signed 64-bit range of a bigint column", () => {
    assert.equal(idParam.parse("9223372036854775807"), "9223372036854775807");
    for (const bad of ["9223372036854775808", "18446744073709551615", "99999999999999999999"]) assert.equal(idParam.safeParse(bad).success, false, bad);
  });

  it("answer a bad path id 404, a bad cursor 400 and any other bad parameter 422", () => {
    assert.equal(inputErrorStatus([{ path: ["id"] }], ["id"]), 404);
    assert.equal(inputErrorStatus([{ path: ["max_id"] }, { path: ["limit"] }], []), 400);
    assert.equal(inputErrorStatus([{ path: ["in_reply_to_id"] }], ["id"]), 422);
  });

  it("accept text that arrives as a number in JSON", () => {
    assert.equal(textParam.parse(42), "42");
    assert.equal(textParam.parse("Tusky"), "Tusky");
  });

  it("take a choice left blank, null or out as not given, so the services apply the author's default", () => {
    for (const blank of ["", null, undefined]) assert.equal(choiceParam.parse(blank), undefined);
    assert.equal(choiceParam.parse("unlisted"), "unlisted");
  });

  describe("page parameters", () => {
    const page = z.object(pageParams(20));

    it("default the limit to the endpoint's default", () => {
      assert.equal(page.parse({}).limit, 20);
    });

    it("cap the limit at twice the default", () => {
      assert.equal(page.parse({ limit: "40" }).limit, 40);
      assert.equal(page.parse({ limit: "1000" }).limit, 40);
    });

    it("read a negative limit as its absolute value", () => {
      assert.equal(page.parse({ limit: "-5" }).limit, 5);
      assert.equal(page.parse({ limit: "-500" }).limit, 40);
    });

    it("refuse a limit that is not a whole number and cursors that are not ids", () => {
      assert.equal(page.safeParse({ limit: "ten" }).success, false);
      assert.equal(page.safeParse({ limit: "2.5" }).success, false);
      assert.equal(page.safeParse({ max_id: "abc" }).success, false);
      assert.deepEqual(page.parse({ max_id: "10", since_id: "5", min_id: "6" }), { max_id: "10", since_id: "5", min_id: "6", limit: 20 });
    });
  });
});
