import { useRef } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { closeAuthModal, uiStore, type AuthModal } from "../../../stores/ui-store";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { SignupForm } from "./signup-form";

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
      {last === "login" && <LoginForm key="login" />}
      {last === "signup" && <SignupForm key="signup" />}
      {last === "forgot" && <ForgotPasswordForm key="forgot" />}
    </Dialog>
  );
}
