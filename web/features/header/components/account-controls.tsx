import { profileMenu } from "../../../../domain/roles";
import { DEFAULT_USER_PHOTO } from "../../../../schema/payloads/accounts";
import { MenuButton, type MenuEntry } from "../../../components/ui/menu-button";
import { firstName, formatPhone } from "../../../lib/format";
import { MENU_TARGETS } from "../../../lib/paths";
import { logout } from "../../../lib/session";
import { settingsStore } from "../../../stores/settings-store";
import { useViewer } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";

/** Top right of every header: "Log In", "Create Account" (referral code held) or the profile menu. */
export function AccountControls() {
  const viewer = useViewer();
  const referral = settingsStore.use((s) => s.referralCode);

  if (!viewer) {
    return referral ? (
      <button
        type="button"
        className="button button-primary button-sm"
        data-testid="header-signup"
        onClick={() => openAuthModal("signup")}
      >
        Create Account
      </button>
    ) : (
      <button
        type="button"
        className="button button-primary button-sm"
        data-testid="header-login"
        onClick={() => openAuthModal("login")}
      >
        Log In
      </button>
    );
  }

  const items: MenuEntry[] = profileMenu(viewer).map((key) =>
    key === "logout"
      ? { key, label: MENU_TARGETS.logout.label, onSelect: () => void logout(), danger: true }
      : { key, label: MENU_TARGETS[key].label, href: MENU_TARGETS[key].href },
  );

  return (
    <MenuButton
      testId="account-menu"
      ariaLabel="Account menu"
      buttonClassName="avatar-button"
      label={
        <>
          <img
            className="avatar"
            src={viewer.photo || DEFAULT_USER_PHOTO}
            alt=""
            width={32}
            height={32}
            onError={(e) => {
              if (!e.currentTarget.src.endsWith(DEFAULT_USER_PHOTO)) e.currentTarget.src = DEFAULT_USER_PHOTO;
            }}
          />
          <span className="avatar-name">{firstName(viewer.name)}</span>
        </>
      }
      header={
        <div className="menu-identity">
          <span className="menu-identity-name">{viewer.name}</span>
          <span className="menu-identity-sub">{viewer.email || (viewer.phone ? formatPhone(viewer.phone) : "")}</span>
        </div>
      }
      items={items}
    />
  );
}
