import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The adapter around Google Identity Services: the only file that knows Google's script. It loads
 * the script on first use (guests who never open Login never download it), renders Google's own
 * button, and hands the signed ID token (the credential) to `onCredential`; the server verifies it.
 */
const GSI_SRC = 'https://accounts.google.com/gsi/client';

interface CredentialResponse {
  credential?: string;
}
interface GoogleIdentity {
  initialize: (options: {
    client_id: string;
    callback: (response: CredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
  }) => void;
  renderButton: (
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline';
      size: 'large';
      text: 'signin_with';
      width: number;
    },
  ) => void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

let loading: Promise<GoogleIdentity> | null = null;

function loadGoogleIdentity(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.onload = () => {
      const identity = window.google?.accounts?.id;
      if (identity) resolve(identity);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    script.onerror = () => reject(new Error(`Could not load ${GSI_SRC}`));
    document.head.append(script);
  }).catch((error: unknown) => {
    // Let a later visit to Login try again (e.g. after the connection comes back).
    loading = null;
    throw error;
  });
  return loading;
}

export function GoogleSignInButton({
  clientId,
  onCredential,
  onError,
  after,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
  onError: () => void;
  /** Shown after the button only while Google sign-in is available (the 'or' divider). */
  after?: ReactNode;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  // The latest handlers, without re-rendering Google's button whenever the parent re-renders.
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  }, [onCredential, onError]);

  useEffect(() => {
    let active = true;
    loadGoogleIdentity().then(
      (identity) => {
        const parent = container.current;
        if (!active || !parent) return;
        identity.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onError();
          },
        });
        identity.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: Math.min(parent.clientWidth || 320, 400),
        });
      },
      (error: unknown) => {
        console.warn('Google sign-in is unavailable', error);
        if (active) setUnavailable(true);
      },
    );
    return () => {
      active = false;
    };
  }, [clientId]);

  if (unavailable) return null;
  return (
    <>
      <div ref={container} className="google-sign-in" />
      {after}
    </>
  );
}
