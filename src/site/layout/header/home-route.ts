import { navigation } from "../../config/site-config";

/** Where the logo leads: the first navigation item's route is the site's home (/home here). */
export const homeRoute = navigation.items[0].route;
