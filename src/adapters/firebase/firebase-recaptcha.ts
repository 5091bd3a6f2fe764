import { type Auth, RecaptchaVerifier } from 'firebase/auth';
import type { AppVerification } from './firebase-auth-gateway';

/**
 * The browser's proof that a person asks for an SMS code: an invisible reCAPTCHA (Firebase's
 * RecaptchaVerifier), made afresh for each code because a token is good for one request. Production
 * only; the emulators need none. The Content-Security-Policy of firebase.json allows Google's
 * reCAPTCHA script and frame for this.
 */
export function recaptchaVerification(auth: Auth): AppVerification {
  let current: RecaptchaVerifier | null = null;
  return async () => {
    current?.clear();
    let container = document.getElementById('phone-recaptcha');
    if (container === null) {
      container = document.createElement('div');
      container.id = 'phone-recaptcha';
      document.body.append(container);
    }
    container.replaceChildren();
    const holder = document.createElement('div');
    container.append(holder);
    current = new RecaptchaVerifier(auth, holder, { size: 'invisible' });
    return current.verify();
  };
}
