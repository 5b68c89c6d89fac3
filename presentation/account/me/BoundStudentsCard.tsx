import { Dialog, Skeleton, Toast } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ACCOUNT_API, type AccountApi } from '../../../application/account/ports';
import { BIND_STUDENT_ROUTE, loadBoundStudents, unbindStudent, type BoundStudentsView } from '../../../application/account/boundStudents';
import { messageOf } from '../../../application/ports/errors';
import { UNBIND_CONTENT, UNBIND_TITLE } from '../../../domain/account/messages';
import { DIALOG_CANCEL, DIALOG_CONFIRM, OPERATION_SUCCESS } from '../../../domain/shared/messages';
import { useInjection } from '../../shared/di';
import { UserAvatar } from '../../shared/UserAvatar';
import { ADD_STUDENT, ADD_STUDENT_LABEL, DONE, EDIT, MY_STUDENTS, NO_BOUND_STUDENTS, unbindLabel } from './strings';

/**
 * A parent's bound students (SPEC point 2 "Home and me", point 6): an edit / done
 * toggle, unbinding after 解绑学生 / 此操作将解绑该学生！, and an add entry to the binding
 * page while fewer than 5 are bound.
 */
export function BoundStudentsCard({ userType }: { userType: unknown }) {
  const api = useInjection<AccountApi>(ACCOUNT_API);
  const [, navigate] = useLocation();
  const [view, setView] = useState<BoundStudentsView | null>(null);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadBoundStudents(api, userType, { signal: controller.signal })
      .then((v) => setView(v ?? { students: [], canAdd: false }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        setView({ students: [], canAdd: true });
        Toast.show({ icon: 'fail', content: messageOf(e) });
      });
    return () => controller.abort();
  }, [api, userType]);

  const unbind = async (id: string) => {
    const yes = await Dialog.confirm({ title: UNBIND_TITLE, content: UNBIND_CONTENT, confirmText: DIALOG_CONFIRM, cancelText: DIALOG_CANCEL });
    if (!yes) return;
    setBusy(id);
    try {
      const next = await unbindStudent(api, id);
      setView(next);
      if (next.students.length === 0) setEditing(false);
      Toast.show({ icon: 'success', content: OPERATION_SUCCESS });
    } catch (e) {
      Toast.show({ icon: 'fail', content: messageOf(e) });
    } finally {
      setBusy(null);
    }
  };

  const students = view?.students ?? [];
  return (
    <section className="cw-me-students" aria-label={MY_STUDENTS}>
      <header className="cw-me-students__head">
        <h3 className="cw-me-students__title">{MY_STUDENTS}</h3>
        {students.length > 0 ? (
          <button type="button" className="cw-me-students__toggle" aria-pressed={editing} onClick={() => setEditing((e) => !e)}>
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
                    className="cw-me-student__remove"
                    aria-label={unbindLabel(s.name)}
                    disabled={busy !== null}
                    onClick={() => void unbind(s.id)}
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
              <button type="button" className="cw-me-student__add" aria-label={ADD_STUDENT_LABEL} onClick={() => navigate(BIND_STUDENT_ROUTE)}>
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
