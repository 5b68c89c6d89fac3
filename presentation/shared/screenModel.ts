import { is, scopeBind, type EventCallable } from 'effector';
import { useProvidedScope } from 'effector-react';
import { useEffect, useRef } from 'react';
import { RENEWALS, type Renewals } from '../../application/offline/renewals';
import { SCREEN_MODELS, type ScreenDefinition } from '../../application/shared/screens';
import { useContainer, useInjection } from './di';

/** A model that starts its work when its screen shows (its load, its timers) has `opened`. */
const openedOf = (model: unknown): EventCallable<void> | null => {
  const opened = (model as { opened?: unknown } | null)?.opened;
  return is.event(opened) ? (opened as EventCallable<void>) : null;
};

/** A model that can draw its data again, quietly, when it was drawn from the device and a newer answer came. */
const renewOf = (model: unknown): EventCallable<void> | null => {
  const renew = (model as { renew?: unknown } | null)?.renew;
  return is.event(renew) ? (renew as EventCallable<void>) : null;
};

/** The last renewal round each model heard: a model held by two parts of a screen renews once. */
const heardRound = new WeakMap<object, number>();

/**
 * The model of a screen (application/shared/screens.ts): the one alive for these
 * params, or a new one, held while the screen is mounted; a model with an `opened`
 * event hears it each time the screen mounts, and one with a `renew` event hears it when
 * data it drew from the device has a newer answer (application/offline/renewals.ts). The page binds its stores and events with
 * `useUnit`; it calls no use case or port itself.
 */
export function useScreenModel<P, M>(definition: ScreenDefinition<P, M>, params: P): M {
  const models = useInjection(SCREEN_MODELS);
  const scope = useProvidedScope();
  const model = models.get(definition, params);
  const key = definition.key(params);
  // The params of the render that made the key: the effect holds exactly that model.
  const paramsRef = useRef(params);
  paramsRef.current = params;
  useEffect(() => {
    const release = models.hold(definition, paramsRef.current);
    // The first screen to show the model opens it; another part of the same screen
    // holding the same model (a widget, a card) does not open it again.
    const opened = models.holders(definition, paramsRef.current) === 1 ? openedOf(models.get(definition, paramsRef.current)) : null;
    if (opened) (scope ? scopeBind(opened, { scope }) : opened)();
    return release;
  }, [models, definition, key, scope]);
  const container = useContainer();
  useEffect(() => {
    const renew = renewOf(model);
    if (!renew || !container.has(RENEWALS)) return undefined;
    const fire = scope ? scopeBind(renew, { scope }) : renew;
    return container.get<Renewals>(RENEWALS).subscribe((round) => {
      const target = model as object;
      if (heardRound.get(target) === round) return;
      heardRound.set(target, round);
      fire();
    });
  }, [container, model, scope]);
  return model;
}
