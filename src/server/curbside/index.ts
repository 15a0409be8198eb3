// The curbside room's door: what other rooms, the top of src/server and the functions use of it.
export { ARRIVAL_RATE_LIMIT, markArrived } from "./arrivals";
export { curbsideParticipant } from "./participant";
