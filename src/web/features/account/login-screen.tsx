import { Placeholder } from '../../shared/ui';

/** Placeholder until its issue lands. */
export default function Screen() {
  return <Placeholder title="Login" />;
}
