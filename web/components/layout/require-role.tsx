import { useEffect, type ReactNode } from "react";
import { canUseConnectAdmin, isAdmin, isVendor } from "../../../domain/roles";
import type { Profile } from "../../../schema/payloads/accounts";
import { useShell } from "../../stores/shell-context";
import { openAuthModal } from "../../stores/ui-store";
import { LockIcon } from "../ui/lock-icon";
import { EmptyState } from "./page";

/**
 * The page-level role gate (docs/product.md section 6). Signed out: the login modal opens and the page explains why.
 * Signed in without the role: a clear no-access state. The API enforces the same rules on every call; this
 * gate only decides what to render.
 */
export type Requirement = "signed-in" | "vendor" | "admin" | "connect-admin";

export function meets(viewer: Profile | null, req: Requirement): boolean {
  if (!viewer) return false;
  switch (req) {
    case "signed-in":
      return true;
    case "vendor":
      return isVendor(viewer);
    case "admin":
      return isAdmin(viewer);
    case "connect-admin":
      return canUseConnectAdmin(viewer);
  }
}

const AREA_NAME: Record<Requirement, string> = {
  "signed-in": "your account",
  vendor: "the business area",
  admin: "the administrative area",
  "connect-admin": "the connect admin area",
};

export function RequireRole({ need, children }: { need: Requirement; children: ReactNode }) {
  const { viewer, ready } = useShell();
  const signedOut = !viewer;

  useEffect(() => {
    if (signedOut && ready) openAuthModal("login");
  }, [signedOut, ready]);

  if (signedOut) {
    return (
      <div className="gate">
        <EmptyState
          icon={<LockIcon />}
          headingLevel={1}
          title="Please log in to continue"
          steps={[
            { label: "Log In", onClick: () => openAuthModal("login"), primary: true },
            { label: "Create Account", onClick: () => openAuthModal("signup") },
          ]}
        >
          <p>Log in to open {AREA_NAME[need]}. New here? Creating an account takes a minute.</p>
        </EmptyState>
      </div>
    );
  }
  if (!meets(viewer, need)) {
    return (
      <div className="gate" data-testid="no-access">
        <EmptyState
          icon={<LockIcon />}
          headingLevel={1}
          title="You don't have access to this page"
          steps={[
            { label: "Go to the home page", href: "/", primary: true },
            { label: "Get help", href: "/help" },
          ]}
        >
          <p>
            You're signed in as {viewer.name}, and this account can't open {AREA_NAME[need]}. If you think that's a
            mistake, contact support and we'll sort it out.
          </p>
        </EmptyState>
      </div>
    );
  }
  return <>{children}</>;
}
