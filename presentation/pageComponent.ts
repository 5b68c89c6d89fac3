import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LazyPage } from './lazyPage';

const made = new WeakMap<LazyPage, LazyExoticComponent<ComponentType>>();

/** The component of a lazy page (React.lazy over its preload), one per page. */
export function pageComponent(page: LazyPage): LazyExoticComponent<ComponentType> {
  let component = made.get(page);
  if (!component) {
    component = lazy(page.preload);
    made.set(page, component);
  }
  return component;
}
