import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../domain/account/messages';

/** The tab / task-switcher title: the page's own title, then the product name. */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
