// The audit room's door: what other rooms, the top of src/server and the functions use of it.
export { ACTIVITY_LIFETIME_MS, type ActivityActor, listActivity, recordActivity } from "./activity";
export { changeNumberSetting } from "./settingChange";
