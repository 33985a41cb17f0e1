import amap from "./src/Amap.vue";
import { withInstall } from "@pureadmin/utils";

/** 高德地图组件 */
export const Amap = withInstall(amap);

export default Amap;
