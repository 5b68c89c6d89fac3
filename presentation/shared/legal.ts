import { useLocation } from 'wouter';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../domain/account/messages';
import privacyUrl from './legal/privacy.html?url';
import termsUrl from './legal/terms.html?url';

/**
 * The terms of service and the privacy policy ship with the app and open in the
 * web-view page (SPEC point 2), which needs an absolute http(s) address.
 */
const absolute = (url: string): string => new URL(url, window.location.href).href;

export const LEGAL_DOCUMENTS = Object.freeze({
  terms: { title: TERMS_OF_SERVICE, url: termsUrl },
  privacy: { title: PRIVACY_POLICY, url: privacyUrl },
});

export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;

/** Opens a legal document in the web-view route, with its title as route state. */
export function useOpenLegal(): (doc: LegalDocument) => void {
  const [, navigate] = useLocation();
  return (doc) => {
    const { title, url } = LEGAL_DOCUMENTS[doc];
    navigate('/web-view', { state: { title, uri: absolute(url) } });
  };
}
