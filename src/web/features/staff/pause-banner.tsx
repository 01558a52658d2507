import { useMutation } from '../../shared/use-mutation';
import { useStaff } from './staff-context';
import { staffApi } from './staff-api';
import { clockTime, customersSee } from './staff-format';

const FAILED = 'Resuming did not reach the server. Check the connection and try again.';

/**
 * A pause on the board, where staff look: a tablet that paused for a rush, or another tablet's
 * pause, would otherwise keep customers away unnoticed until someone opens the Store screen.
 * It says until when and what customers see, and resumes in one tap.
 */
export function PauseBanner({ now }: { now: Date }) {
  const { store, setStore } = useStaff();
  const resuming = useMutation(() => staffApi.saveStore({ pauseUntil: null }), {
    fallback: FAILED,
  });
  if (store.pauseUntil === null || new Date(store.pauseUntil) <= now) return null;

  const resume = async () => {
    const result = await resuming.run();
    if (result.ok) setStore(result.value);
  };

  return (
    <section
      className="pause-banner"
      aria-labelledby="pause-banner-title"
      data-testid="board-paused"
    >
      <h2 id="pause-banner-title">New orders paused until {clockTime(store.pauseUntil, now)}</h2>
      <p>
        Customers see: <strong>{customersSee(store, now)}</strong>
      </p>
      <button
        type="button"
        className="answer-primary"
        disabled={resuming.pending}
        onClick={() => void resume()}
      >
        Resume
      </button>
      {resuming.problem ? (
        <p className="detail-problem" role="alert">
          {resuming.problem}
        </p>
      ) : null}
    </section>
  );
}
