import { PinIcon } from "../../../components/ui/icons";
import { LocateButton } from "../../../components/ui/locate-button";
import { openZipBox } from "../../../stores/ui-store";

/** No ZIP yet: what needs one says so, with the two ways to set it. */
export function ZipPrompt({
  title = "Set your ZIP to see prices and free times",
  text = "Prices and available professionals depend on where you'd like your service.",
}: {
  title?: string;
  text?: string;
}) {
  return (
    <div className="zip-prompt" role="region" aria-label="Set your ZIP code">
      <div className="zip-prompt-icon" aria-hidden="true">
        <PinIcon size={22} />
      </div>
      <div className="zip-prompt-text">
        <h2>{title}</h2>
        <p>{text}</p>
      </div>
      <div className="zip-prompt-actions">
        <button type="button" className="button button-primary" onClick={() => openZipBox()}>
          Set ZIP code
        </button>
        <LocateButton />
      </div>
    </div>
  );
}
