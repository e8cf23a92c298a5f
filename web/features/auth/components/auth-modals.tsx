import { lazy, Suspense, useEffect, useRef } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { closeAuthModal, uiStore, type AuthModal } from "../../../stores/ui-store";

// The forms (and the catalogue texts and payload rules they use) load when a dialog first opens, not with every
// page: they are about 10 KB of the first page's JavaScript otherwise (docs/decisions/104-home-page-script-budget.md).
const LoginForm = lazy(() => import("./login-form").then((m) => ({ default: m.LoginForm })));
const SignupForm = lazy(() => import("./signup-form").then((m) => ({ default: m.SignupForm })));
const ForgotPasswordForm = lazy(() =>
  import("./forgot-password-form").then((m) => ({ default: m.ForgotPasswordForm })),
);

const TITLES: Record<AuthModal, { title: string; description: string }> = {
  login: { title: "Log in", description: "Welcome back. Log in to book, manage your orders and use your credits." },
  signup: { title: "Create your account", description: "Book trusted beauty and wellness pros at home in a few taps." },
  forgot: { title: "Reset your password", description: "We'll text a code to the phone number on your account." },
};

/** One dialog for the three auth flows, so switching between them keeps focus and the opener. */
export function AuthModals() {
  const modal = uiStore.use((s) => s.modal);
  const lastRef = useRef<AuthModal>("login");
  if (modal) lastRef.current = modal;
  // Keep showing the last flow while the dialog animates out.
  const last = lastRef.current;
  return (
    <Dialog
      open={modal !== null}
      onClose={closeAuthModal}
      title={TITLES[last].title}
      description={TITLES[last].description}
      testId={`${last}-modal`}
      focusKey={last}
    >
      {/* key resets each form's state when switching flows */}
      <Suspense
        fallback={
          <p className="muted" role="status">
            Loading…
          </p>
        }
      >
        {last === "login" && <LoginForm key="login" />}
        {last === "signup" && <SignupForm key="signup" />}
        {last === "forgot" && <ForgotPasswordForm key="forgot" />}
        <FocusFirstField key={`focus-${last}`} />
      </Suspense>
    </Dialog>
  );
}

/**
 * The dialog focuses its first field when it opens; a form that arrives a moment later (its chunk was still
 * loading) takes the focus here, unless the person already moved it into a field.
 */
function FocusFirstField() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = ref.current?.parentElement;
    const active = document.activeElement;
    if (!form || (active && form.contains(active) && active.matches("input, select, textarea"))) return;
    form.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus({ preventScroll: true });
  }, []);
  return <span ref={ref} hidden />;
}
