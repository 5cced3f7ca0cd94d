/** The `items` route (where the console lands after login). */
import { ThingsList } from './ThingsList';

export default function ItemsList() {
  return <ThingsList thingClass="item" />;
}
