/** The `workers` route (hidden from the menu when settings.hideWorkers). */
import { ThingsList } from './ThingsList';

export default function WorkersList() {
  return <ThingsList thingClass="worker" />;
}
