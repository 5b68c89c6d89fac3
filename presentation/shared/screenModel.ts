import { useEffect, useRef } from 'react';
import { SCREEN_MODELS, type ScreenDefinition } from '../../application/shared/screens';
import { useInjection } from './di';

/**
 * The model of a screen (application/shared/screens.ts): the one alive for these
 * params, or a new one, held while the screen is mounted. The page binds its stores and
 * events with `useUnit`; it calls no use case or port itself.
 */
export function useScreenModel<P, M>(definition: ScreenDefinition<P, M>, params: P): M {
  const models = useInjection(SCREEN_MODELS);
  const model = models.get(definition, params);
  const key = definition.key(params);
  // The params of the render that made the key: the effect holds exactly that model.
  const paramsRef = useRef(params);
  paramsRef.current = params;
  useEffect(() => models.hold(definition, paramsRef.current), [models, definition, key]);
  return model;
}
