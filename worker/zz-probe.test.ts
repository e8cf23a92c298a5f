import { it } from "vitest";
it("probe", () => { console.log("WORKERD_NOW", new Date(Date.now()).toISOString()); });
