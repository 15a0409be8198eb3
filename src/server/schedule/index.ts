// The schedule room's door: what other rooms, the top of src/server and the functions use of it.
export { giveBackOrder } from "./capacity";
export { dishWeightSchema, hoursInputSchema, offeredQuerySchema, orderingInputSchema } from "./input";
export { purgeHoursPages } from "./pageCache";
export { kitchenEntries, kitchenSamples, learnedLatenessFor, type KitchenEntry } from "./lateness";
export { PAGE_CACHE_HEADERS } from "./pageHeaders";
export { scheduleForRequest } from "./pages";
export { type OrderPromise, offeredTimes, promiseFor } from "./promise";
export { readCapacities, readDishWeights, readSchedule, readScheduleOrSeed, readStaffSchedule, saveHours, setDishWeight, setOrdering } from "./store";
