import { Screen } from '../../../components/ui/screen.tsx';
import { AuthenticatorSection } from '../../../features/account-security/components/authenticator-section.tsx';
import { IdentitiesSection } from '../../../features/account-security/components/identities-section.tsx';
import { PhoneSection } from '../../../features/account-security/components/phone-section.tsx';
import { SessionsSection } from '../../../features/account-security/components/sessions-section.tsx';
import { PasswordSection } from '../../../features/auth/components/password-section.tsx';

/** Account security, opened from the profile: the person's own second step, sessions and password. */
export function Component() {
  return (
    <Screen title="Account security" description="How you sign in, and where you are signed in. Every change is written to the audit log.">
      <AuthenticatorSection />
      <PhoneSection />
      <IdentitiesSection />
      <SessionsSection />
      <PasswordSection />
    </Screen>
  );
}
