import { withInstall } from "@pureadmin/utils";
import reAnimateSelector from "./src/index.vue";

/** [animate.css](https://animate.style/) 选择器组件 */
export const ReAnimateSelector = withInstall(reAnimateSelector);

export default ReAnimateSelector;
