import { Skeleton } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useLocation } from 'wouter';
import { boundStudentsScreen } from '../../../application/account/boundStudentsModel';
import { PATHS } from '../../../application/shared/routes';
import { useScreenModel } from '../../shared/screenModel';
import { UserAvatar } from '../../shared/UserAvatar';
import { ADD_STUDENT, ADD_STUDENT_LABEL, DONE, EDIT, MY_STUDENTS, NO_BOUND_STUDENTS, unbindLabel } from './strings';

/**
 * A parent's bound students (SPEC point 2 "Home and me", point 6): an edit / done
 * toggle, unbinding after 解绑学生 / 此操作将解绑该学生！, and an add entry to the binding
 * page while fewer than 5 are bound. Nothing on a backend without the list call, no 编辑
 * on one without the unbind (docs/decided-calls.md). Everything it does is its model's
 * (application/account/boundStudentsModel.ts).
 */
export function BoundStudentsCard({ userType }: { userType: unknown }) {
  const [, navigate] = useLocation();
  const model = useScreenModel(boundStudentsScreen, userType);
  const [view, available, canUnbind, editing, busy] = useUnit([model.$view, model.$available, model.$canUnbind, model.$editing, model.$busy]);
  const [toggleEditing, unbind] = useUnit([model.editToggled, model.unbindRequested]);

  if (!available) return null;
  const students = view?.students ?? [];
  return (
    <section className="cw-me-students" aria-label={MY_STUDENTS}>
      <header className="cw-me-students__head">
        <h3 className="cw-me-students__title">{MY_STUDENTS}</h3>
        {students.length > 0 && canUnbind ? (
          <button type="button" className="cw-me-students__toggle" aria-pressed={editing} onClick={() => toggleEditing()}>
            {editing ? DONE : EDIT}
          </button>
        ) : null}
      </header>
      {view === null ? (
        <div className="cw-me-students__grid" role="status">
          {[0, 1].map((i) => (
            <div key={i} className="cw-me-student">
              <Skeleton animated className="cw-me-student__skeleton" />
            </div>
          ))}
        </div>
      ) : (
        <ul className="cw-me-students__grid">
          {students.map((s) => (
            <li key={s.id} className={`cw-me-student${editing ? ' cw-me-student--editing' : ''}`}>
              <span className="cw-me-student__avatar">
                <UserAvatar name={s.name} image={s.imagePath} size={52} />
                {editing ? (
                  <button
                    type="button"
                    className="cw-corner-remove cw-me-student__remove"
                    aria-label={unbindLabel(s.name)}
                    disabled={busy !== null}
                    onClick={() => unbind(s.id)}
                  >
                    <MinusOutline fontSize={12} />
                  </button>
                ) : null}
              </span>
              <span className="cw-me-student__name">{s.name}</span>
            </li>
          ))}
          {view.canAdd && !editing ? (
            <li className="cw-me-student">
              <button type="button" className="cw-me-student__add" aria-label={ADD_STUDENT_LABEL} onClick={() => navigate(PATHS.bindStudent)}>
                <AddOutline fontSize={22} />
              </button>
              <span className="cw-me-student__name cw-me-student__name--weak">{ADD_STUDENT}</span>
            </li>
          ) : null}
        </ul>
      )}
      {view !== null && students.length === 0 ? <p className="cw-me-students__hint">{NO_BOUND_STUDENTS}</p> : null}
    </section>
  );
}
