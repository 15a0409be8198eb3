// The Orders tab, where staff land: the orders that need attention (left pending, couriers in trouble)
// above the live board, today's orders with their payments, the next 30 days of catering events, and the
// kitchen's times folded below it.
import { CateringEvents } from "../catering/CateringEvents";
import { CourierNotices } from "./CourierPanel";
import { KitchenTimes } from "./KitchenTimes";
import { OrderBoard } from "./OrderBoard";
import { PendingOrders } from "./PendingOrders";
import { TodaysOrders } from "./TodaysOrders";

export function OrdersTab() {
  return (
    <div className="flex flex-col gap-4">
      {/* A confirmed or called-off order comes to the board with its next poll. */}
      <PendingOrders onConfirmed={() => undefined} />
      <CourierNotices onChanged={() => undefined} />
      <OrderBoard />
      <TodaysOrders />
      <CateringEvents />
      <KitchenTimes />
    </div>
  );
}
