import { chromiumPath } from "./chromium";
import { E2E_STATE_DIR } from "./config";
import { prepareState } from "./state";

// Fail early and clearly when the browser is missing, before spending time on the database.
console.log(`Chromium: ${chromiumPath()}`);
prepareState(E2E_STATE_DIR);
