// The content room's door: what other rooms, the top of src/server and the functions use of it.
export { adminItemView, listAdminItems, menuItemId, setDishLabels, setFeatured, setInStock, setMenuImage, setOutUntilText } from "./adminMenu";
export { CONTACT_RATE_LIMIT, listMessages, markHandled, saveMessage } from "./contactMessages";
export { listSlots, setSlotImage } from "./imageSlots";
export { createUploadUrl, imageResponse, storeUpload } from "./images";
export { createLocation, listLocations, mainLocation, updateLocation } from "./locations";
export { findMenuItems, menuSnapshot, mergeIntoMenu, readMenu, updateMenuItem } from "./menu";
export { readFeaturedAnswer, readMenuAnswer } from "./menuView";
export { PUBLIC_CACHE_HEADERS, publicSlots, purgePublicSlots } from "./publicSlots";
export { type PublishedData, readPublishedData } from "./publishedData";
export { CONTENT_SPANISH_DISHES, listSpanishTexts, readStaffSpanish, saveSpanishText, spanishIsOwnerOnly } from "./translations";
export { contactMailKinds } from "./mailKinds";
